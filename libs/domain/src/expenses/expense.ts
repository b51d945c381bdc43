/** Categories a business can file an expense under (a static list). */
export const EXPENSE_CATEGORIES = [
  'Advertising & Marketing',
  'Bank Charges',
  'Communication & Internet',
  'Consultancy & Professional Fees',
  'Electricity & Utilities',
  'Employee Salaries & Wages',
  'Equipment & Machinery',
  'Freight & Courier',
  'Fuel & Conveyance',
  'GST & Taxes',
  'Insurance',
  'Legal & Compliance',
  'Meals & Entertainment',
  'Office Supplies & Stationery',
  'Printing',
  'Raw Materials',
  'Rent',
  'Repairs & Maintenance',
  'Software & Subscriptions',
  'Staff Welfare',
  'Training',
  'Travel & Accommodation',
  'Miscellaneous',
] as const;
export const DEFAULT_EXPENSE_CATEGORY = 'Miscellaneous';

export const EXPENSE_STATUSES = ['paid', 'pending', 'reimbursed', 'cancelled'] as const;
export const PAYMENT_METHODS = ['cash', 'upi', 'card', 'bank_transfer', 'cheque', 'wallet', 'other'] as const;

export interface Expense {
  id: number;
  accountId: number;
  clientId: number | null;
  description: string;
  amount: string;
  category: string;
  vendorName: string;
  vendorContact: string;
  date: string;
  status: string;
  paymentMethod: string;
  receiptUrl: string;
  notes: string;
  /** Payable TDS: we deducted it when paying the vendor (see docs/tds.md). */
  tdsSectionId: number | null;
  tdsRate: string | null;
  tdsAmount: string | null;
  vendorPan: string | null;
  payeeType: string | null;
  createdAt: string;
  updatedAt: string;
}

export type ExpenseFields = Omit<Expense, 'id' | 'accountId' | 'createdAt' | 'updatedAt'>;
