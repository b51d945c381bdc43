import bwipjs from 'bwip-js';

/**
 * The e-way bill number as a Code 128 barcode, PNG base64 (bwip-js, the barcode writer DESIGN.md names). The number is
 * printed beside it as text, so the image carries no human-readable line; quiet zones of ten modules either side, as
 * Code 128 asks, so scanners find its edges on paper; a white background rather than a transparent one, so the
 * printed bars stand on white whatever the page.
 */
export async function code128Png(text: string): Promise<string> {
  const png = await bwipjs.toBuffer({
    bcid: 'code128',
    text,
    scale: 3,
    height: 12,
    includetext: false,
    paddingwidth: 10,
    paddingheight: 2,
    backgroundcolor: 'FFFFFF',
  });
  return png.toString('base64');
}
