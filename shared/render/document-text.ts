/**
 * No text on a label, a packing slip or a customs page prints smaller than this, in points (DESIGN §4):
 * below it a packer or a customs officer misreads what is printed.
 */
export const minTextSize = 7;
