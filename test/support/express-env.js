// Setup file of the e2e-express Jest project: the suites boot the API on the Express edge.
process.env.HTTP_ADAPTER = 'express';
