/**
 * The invoice as the e-invoice registration portal (IRP) takes it: schema version 1.1 (`schemas/
 * einvoice-1.1.schema.json`). Amounts are JSON numbers in rupees; dates dd/mm/yyyy.
 */
export interface IrpParty {
  Gstin: string;
  LglNm: string;
  Addr1: string;
  Addr2?: string;
  Loc: string;
  Pin: number;
  Stcd: string;
  Ph?: string;
  Em?: string;
}
export interface IrpItem {
  SlNo: string;
  PrdDesc: string;
  IsServc: 'Y' | 'N';
  HsnCd: string;
  Qty: number;
  Unit?: string;
  UnitPrice: number;
  TotAmt: number;
  Discount: number;
  AssAmt: number;
  GstRt: number;
  IgstAmt: number;
  CgstAmt: number;
  SgstAmt: number;
  CesRt: number;
  CesAmt: number;
  CesNonAdvlAmt: number;
  StateCesRt: number;
  StateCesAmt: number;
  StateCesNonAdvlAmt: number;
  OthChrg: number;
  TotItemVal: number;
}
export interface IrpInvoice {
  Version: '1.1';
  TranDtls: { TaxSch: 'GST'; SupTyp: 'B2B' | 'SEZWP' | 'SEZWOP' | 'EXPWP' | 'EXPWOP' | 'DEXP'; RegRev: 'Y' | 'N'; IgstOnIntra: 'Y' | 'N' };
  DocDtls: { Typ: 'INV' | 'CRN' | 'DBN'; No: string; Dt: string };
  SellerDtls: IrpParty;
  BuyerDtls: IrpParty & { Pos: string };
  ItemList: IrpItem[];
  ValDtls: {
    AssVal: number;
    CgstVal: number;
    SgstVal: number;
    IgstVal: number;
    CesVal: number;
    StCesVal: number;
    Discount: number;
    OthChrg: number;
    RndOffAmt: number;
    TotInvVal: number;
  };
  /** A ship-to party other than the buyer (GSTN's Ship-To GSTIN): its GSTIN, legal name and the address of delivery. */
  ShipDtls?: IrpParty;
  ExpDtls?: { CntCode?: string; ForCur?: string; RefClm: 'Y' | 'N' };
}

/** Unregistered buyer of an export, its place of supply and state (96, Other Countries), and PIN. */
