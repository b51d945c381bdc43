import QRCode from 'qrcode';

/** The UPI payment link as a QR code (PNG, base64), made with the qrcode package; medium error correction. */
export async function upiQrPng(link: string): Promise<string> {
  const png = await QRCode.toBuffer(link, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 6 });
  return png.toString('base64');
}
