import { DataSource } from 'typeorm';
import { TypeormAccountRepository } from '@app/infra/accounts/typeorm-account.repository';
import { TypeormClientRepository } from '@app/infra/clients/typeorm-client.repository';
import { createDataSource } from '@app/infra/database/data-source';
import { Database } from '@app/infra/database/database';
import { TypeormTransactionRunner } from '@app/infra/database/typeorm-transaction-runner';
import { TypeormExpenseRepository } from '@app/infra/expenses/typeorm-expense.repository';
import { TypeormInventoryRepository } from '@app/infra/inventory/typeorm-inventory.repository';
import { TypeormProformaInvoiceRepository } from '@app/infra/proforma-invoices/typeorm-proforma-invoice.repository';
import { TypeormQuotationRepository } from '@app/infra/quotations/typeorm-quotation.repository';
import { SqlBusinessSettingsRepository } from '@app/infra/settings/sql-business-settings.repository';
import { TypeormUserAdminRepository } from '@app/infra/users/typeorm-user-admin.repository';
import { TypeormUserRepository } from '@app/infra/users/typeorm-user.repository';
import { accountRepositoryContract } from '../libs/domain/testing/account-repository.contract';
import { businessSettingsContract } from '../libs/domain/testing/business-settings.contract';
import { clientFields, clientRepositoryContract } from '../libs/domain/testing/client-repository.contract';
import { expenseRepositoryContract } from '../libs/domain/testing/expense-repository.contract';
import { FakeClock } from '../libs/domain/testing/fake-clock';
import { inventoryRepositoryContract } from '../libs/domain/testing/inventory-repository.contract';
import {
  offerDocumentRepositoryContract,
  offerFields,
  quotationFields,
  quotationRepositoryContract,
} from '../libs/domain/testing/offer-document-repository.contract';
import { userRepositoryContract } from '../libs/domain/testing/user-repository.contract';
import { paymentRepositoryContract } from '../libs/domain/testing/payment-repository.contract';
import { TypeormPaymentRepository } from '@app/infra/payments/typeorm-payment.repository';
import { freshDatabase } from './support/app-harness';

/**
 * The repository contracts that the in-memory fakes pass (libs/domain/src/**\/*.contract.spec.ts), run
 * here against the TypeORM adapters on MariaDB: one database, a fresh account per case.
 */
describe('repository contracts: TypeORM adapters on MariaDB', () => {
  let ds: DataSource;
  let db: Database;
  const clock = new FakeClock();

  beforeAll(async () => {
    ds = await createDataSource(await freshDatabase('repository_contracts'), 4).initialize();
    db = new Database(ds);
  });
  afterAll(() => ds?.destroy());

  const newAccount = async () => {
    const created = await ds.query("INSERT INTO accounts (business_name, business_email, plan) VALUES ('Contract', 'contract@example.com', 'pro')");
    return Number(created.insertId);
  };
  const addClient = (accountId: number, name = 'Contract client') => new TypeormClientRepository(db, clock).insert(accountId, clientFields({ name }));

  describe('ClientRepository', () => {
    clientRepositoryContract(() => ({ repo: () => new TypeormClientRepository(db, clock), clock, newAccount }));
  });

  describe('InventoryRepository', () => {
    inventoryRepositoryContract(() => ({
      repo: () => new TypeormInventoryRepository(db, clock),
      clock,
      newAccount,
      transactions: new TypeormTransactionRunner(db),
    }));
  });

  describe('ExpenseRepository', () => {
    expenseRepositoryContract(() => ({ repo: () => new TypeormExpenseRepository(db, clock), clock, newAccount, addClient }));
  });

  describe('PaymentRepository', () => {
    paymentRepositoryContract(() => ({ repo: () => new TypeormPaymentRepository(db, clock), clock, newAccount }));
  });

  describe('QuotationRepository', () => {
    quotationRepositoryContract(() => ({ repo: () => new TypeormQuotationRepository(db, clock), clock, newAccount, addClient, fields: quotationFields }));
  });

  describe('ProformaInvoiceRepository', () => {
    offerDocumentRepositoryContract('PI', () => ({
      repo: () => new TypeormProformaInvoiceRepository(db, clock),
      clock,
      newAccount,
      addClient,
      fields: offerFields,
    }));
  });

  describe('AccountRepository', () => {
    accountRepositoryContract(() => new TypeormAccountRepository(db));
  });

  describe('UserRepository and UserAdminRepository', () => {
    userRepositoryContract(() => ({ users: () => new TypeormUserRepository(db), admin: () => new TypeormUserAdminRepository(db), newAccount }));
  });

  describe('BusinessSettingsRepository', () => {
    businessSettingsContract(() => ({ repo: () => new SqlBusinessSettingsRepository(db), newAccount }));
  });
});
