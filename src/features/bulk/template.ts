/** The template CSV offered for download: every column bulk creation reads, with a row per kind of use. */
export const TEMPLATE_CSV = [
  'name,content,type,foreground,background,shape,frame,frame_text,level',
  'Menu table 1,https://example.com/menu?table=1,website,,,,,,',
  'Spring flyer,https://example.com/spring,website,#1A2BB2,#FFFFFF,dots,bottomText,SCAN FOR 10% OFF,Q',
  'Wi-Fi lobby,WIFI:T:WPA;S:Lobby;P:welcome123;;,wifi,,,rounded,banner,GUEST WI-FI,M',
  'Welcome note,Thanks for visiting!,text,#000000,#FFFFFF,square,none,,L',
].join('\r\n');

export const TEMPLATE_NAME = 'qrcraft-bulk-template.csv';
