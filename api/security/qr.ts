import QRCode from 'qrcode';

/**
 * The otpauth URL as a QR code, an SVG drawn on the server (the `qrcode` library), so the browser
 * needs no QR library: the setup panel shows it as an image beside the secret as text. Error
 * correction M and a four-module quiet zone, as authenticator apps read best from a screen.
 */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
}
