'use strict';
/** The baselines' mysql2 pool: the API's connection settings (charset, UTC, date strings, big numbers, several statements a round trip). */
const mysql = require('mysql2/promise');

function baselinePool(connectionLimit) {
  return mysql.createPool({
    uri: process.env.DATABASE_URL || 'mysql://root@127.0.0.1:3306/invoicing_bench',
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    dateStrings: true,
    supportBigNumbers: true,
    multipleStatements: true,
    connectionLimit,
  });
}

module.exports = { baselinePool };
