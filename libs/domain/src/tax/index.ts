export * from './states';
export * from './gstin';
export * from './amount-in-words';
export * from './gst-split';
export * from './hsn-summary';
export * from './supply';
export * from './tax-engine';
