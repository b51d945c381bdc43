import QRCode from 'qrcode';

/**
 * The e-invoice portal's signed QR payload (a JWS, about 1 KB) as a QR code, PNG base64: exactly the
 * string the portal signed, low error correction so the code stays readable on paper at 35 mm.
 */
export async function signedQrPng(signedQrCode: string): Promise<string> {
  const png = await QRCode.toBuffer(signedQrCode, { type: 'png', errorCorrectionLevel: 'L', margin: 4, scale: 4 });
  return png.toString('base64');
}

/** The UPI payment link as a QR code (PNG, base64), made with the qrcode package; medium error correction. */
export async function upiQrPng(link: string): Promise<string> {
  const png = await QRCode.toBuffer(link, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 6 });
  return png.toString('base64');
}
