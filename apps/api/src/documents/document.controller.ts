import { applyDecorators, Body, Delete, Get, HttpCode, Param, Query, Type } from '@nestjs/common';
import { Post, Patch } from '../idempotency/idempotent-routes';
import { ApiBody, ApiOperation } from '@nestjs/swagger';
import type { Caller } from '@app/domain/shared/caller';
import type { DocumentListFilter } from '@app/domain/documents/document-list-filter';
import type { ConversionInput } from '@app/domain/invoices/invoice-rules';
import type { IssuedInvoice } from '@app/domain/invoices/issue-invoice.use-case';
import { presentTaxWarnings } from '@app/contract/documents/gst.presenter';
import type { BulkDeleteResult } from '@app/domain/shared/bulk-delete';
import type { Page } from '@app/domain/shared/pagination';
import type { TaxWarning } from '@app/domain/tax/tax-engine';
import { CurrentCaller } from '../common/decorators';
import { DocumentListQueryDto, documentFilterOf } from '@app/contract/common/document-list-query.dto';
import { IdsBodyDto } from '@app/contract/common/ids-body.dto';
import { listAnswer } from '../common/list-answer';
import { ParamTypes } from '../common/param-types';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { ConvertToInvoiceDto, conversionInputOf } from '@app/contract/invoices/invoices.dto';
import { Command, withCommand } from '@app/contract/common/commands';
import { ReadsReplica } from '../common/replica-reads';

/** A document as a create answers it: its id, its number where the kind has one, and the tax warnings of its lines. */
export interface WrittenDocument {
  id: number;
  number?: string;
  taxWarnings: TaxWarning[];
}

/** The use cases behind the routes every numbered document has (invoices, quotations, proforma invoices, notes). */
export interface DocumentService<Row, Document, Created extends WrittenDocument, CreateInput = never, UpdateInput = never> {
  list(caller: Caller, filter: DocumentListFilter): Promise<Page<Row>>;
  // Function-typed properties, not methods: a service whose create or update cannot take the command of the
  // request body fails to compile (method parameters would be compared both ways).
  create: (caller: Caller, input: CreateInput) => Promise<Created>;
  bulkDelete(caller: Caller, ids: number[]): Promise<BulkDeleteResult>;
  get(caller: Caller, id: number): Promise<Document>;
  update: (caller: Caller, id: number, input: UpdateInput) => Promise<{ taxWarnings: TaxWarning[] }>;
  delete(caller: Caller, id: number): Promise<void>;
}

/** How one kind of document is listed, created, read and updated over HTTP. */
export interface DocumentRoutes<Row, Document, Created extends WrittenDocument, CreateBody extends object, UpdateBody extends object> {
  /** The filters the list takes (a pick of DocumentListQueryDto). */
  listQuery: Type<DocumentListQueryDto>;
  /** The key of the rows in the list answer (`quotations`). */
  listKey: string;
  presentRow(row: Row): unknown;
  present(document: Document): unknown;
  createBody: Type<CreateBody>;
  updateBody: Type<UpdateBody>;
  /** 201, or 200 for the kinds whose create the spec does not list as 201. */
  createStatus: 200 | 201;
  /** The key of the document's id in the create and update answers (`quotation_id`). */
  idKey: string;
  /** What a create answers between the id and the tax warnings (the number, a message). */
  created?(document: Created): Record<string, unknown>;
  summaries: { list: string; create: string; bulkDelete: string; get?: string; update: string };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AbstractClass<T> = abstract new (...args: any[]) => T;

/** What the routes of a controller built by DocumentController reach: the kind's service. */
export interface DocumentControllerBase<Service> {
  readonly documents: Service;
}

/** Routes of a kind beyond the common ones, added to the controller's class (see ConvertsToInvoice). */
// The answer keeps the constructor's parameter (a mixin's own class takes `...args: any[]`), so the subclass's
// `super(service)` is checked against the kind's service, commands included.
export type KindRoutes<Service> = (
  Base: AbstractClass<DocumentControllerBase<Service>>,
) => abstract new (documents: Service) => DocumentControllerBase<Service>;

/**
 * The base class of a numbered document's controller: list, create and bulk-delete, the kind's own routes,
 * then read, update and delete by id. The subclass carries the tag, permission and path decorators and a
 * constructor taking the kind's service. Routes are registered (and listed in the OpenAPI document) in that
 * order: Nest walks the subclass's prototype chain from the subclass up, so the `:id` routes sit in the
 * innermost class and a kind's static path (`recent-payments`) comes before them, where Express needs it.
 */
export function DocumentController<
  Row,
  Document,
  Created extends WrittenDocument,
  CreateBody extends object,
  UpdateBody extends object,
  Service extends DocumentService<Row, Document, Created, Command<CreateBody>, Command<UpdateBody>>,
>(routes: DocumentRoutes<Row, Document, Created, CreateBody, UpdateBody>, kindRoutes: KindRoutes<Service> = (Base) => Base) {
  abstract class DocumentByIdRoutes implements DocumentControllerBase<Service> {
    constructor(readonly documents: Service) {}

    @Get(':id')
    @applyDecorators(...(routes.summaries.get ? [ApiOperation({ summary: routes.summaries.get })] : []))
    async get(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
      return routes.present(await this.documents.get(caller, id));
    }

    @Patch(':id')
    @ApiOperation({ summary: routes.summaries.update })
    @ParamTypes(Object, Number, routes.updateBody)
    async update(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Body() body: UpdateBody) {
      const { taxWarnings } = await withCommand(body, (command) => this.documents.update(caller, id, command));
      return { [routes.idKey]: id, tax_warnings: presentTaxWarnings(taxWarnings) };
    }

    @Delete(':id')
    async remove(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number) {
      await this.documents.delete(caller, id);
      return { deleted: true };
    }
  }

  abstract class DocumentCollectionRoutes extends kindRoutes(DocumentByIdRoutes) {
    @Get()
    @ReadsReplica()
    @ApiOperation({ summary: routes.summaries.list })
    @ParamTypes(Object, routes.listQuery)
    async list(@CurrentCaller() caller: Caller, @Query() query: DocumentListQueryDto) {
      const page = await this.documents.list(caller, documentFilterOf(query));
      return listAnswer(routes.listKey, page, (row) => routes.presentRow(row));
    }

    @Post()
    @HttpCode(routes.createStatus)
    @ApiOperation({ summary: routes.summaries.create })
    @ParamTypes(Object, routes.createBody)
    async create(@CurrentCaller() caller: Caller, @Body() body: CreateBody) {
      const document = await withCommand(body, (command) => this.documents.create(caller, command));
      return { [routes.idKey]: document.id, ...routes.created?.(document), tax_warnings: presentTaxWarnings(document.taxWarnings) };
    }

    @Post('bulk-delete')
    @HttpCode(200)
    @ApiOperation({ summary: routes.summaries.bulkDelete })
    bulkDelete(@CurrentCaller() caller: Caller, @Body() body: IdsBodyDto) {
      return this.documents.bulkDelete(caller, body.ids);
    }
  }
  return DocumentCollectionRoutes;
}

/** A service that turns one of its documents into an invoice (quotations, proforma invoices). */
interface InvoiceConversion {
  convertToInvoice(caller: Caller, id: number, input: ConversionInput): Promise<IssuedInvoice>;
}

/** `POST :id/convert-to-invoice`, as quotations and proforma invoices have it. */
export function ConvertsToInvoice<Service extends InvoiceConversion>(summary: string): KindRoutes<Service> {
  return (Base) => {
    abstract class ConversionRoutes extends Base {
      @Post(':id/convert-to-invoice')
      @HttpCode(200)
      @ApiBody({ type: ConvertToInvoiceDto, required: false })
      @ApiOperation({ summary })
      async convert(@CurrentCaller() caller: Caller, @Param('id', ParseIdPipe) id: number, @Body() body: unknown) {
        const invoice = await withCommand(conversionInputOf(body), (command) => this.documents.convertToInvoice(caller, id, command));
        return { invoice_id: invoice.id, invoice_number: invoice.number };
      }
    }
    return ConversionRoutes;
  };
}
