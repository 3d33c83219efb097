// ReadStat's writers (Debian's libreadstat-dev), used by StudyCommands' AnalysisExport for .sav, .dta and .xpt files.
#include <readstat.h>
