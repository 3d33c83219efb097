// Pango laid out on cairo's PDF surface (Debian's libpango1.0-dev and libcairo2-dev), used by ConsentPDF for the
// signed copy of a consent (docs/consent.md, "The signed copy").
#include <pango/pangocairo.h>
#include <cairo-pdf.h>
