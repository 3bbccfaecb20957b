// DeidSharp's "Text": the share of non-PHI text removed, counting non-whitespace characters only.
import { ratio } from "./definition.js";

export const textRemovedShare = ratio(
  "text_removed_share",
  "text",
  "redacted non-whitespace characters outside gold / non-whitespace characters outside gold",
  "non_pii_nonws_chars_redacted",
  "non_pii_nonws_chars",
);
