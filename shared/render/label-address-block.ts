/**
 * An address as a label, a packing slip or a customs form prints it. A file of its own, with no
 * imports, so the renderers and shared/shipments can all name it and still import one way.
 */
export interface LabelAddressBlock {
  name?: string;
  company?: string;
  line1: string;
  line2?: string;
  city: string;
  region?: string;
  postalCode?: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  phone?: string;
}
