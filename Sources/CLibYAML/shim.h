// libyaml's event parser (Debian's libyaml-dev), read by Catalog's SurveyComposer.
#include <yaml.h>
