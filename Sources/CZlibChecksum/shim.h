// zlib's CRC-32 (Debian's zlib1g-dev), for HealthExport's zip members.
#include <zlib.h>
