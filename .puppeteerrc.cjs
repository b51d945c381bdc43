/** Browser download is skipped: the service uses the system Chromium (CHROMIUM_PATH). */
module.exports = { skipDownload: true };
