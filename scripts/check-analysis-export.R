# Checks the R files of `regimen study export --format r` with base R (docs/analysis-exports.md, "R"): each
# generated script reads its CSV with the types variables.csv states (numbers numeric, coded numbers factors whose
# levels are the value labels, text character, dates and times POSIXct in UTC), every label attribute equal to
# variables.csv's, as many rows as the CSV export's table, NA exactly where the CSV export's cell is empty, and wall
# times equal to the CSV export's.
# Usage: Rscript scripts/check-analysis-export.R FOLDER   (exit 0 when it holds, 1 with the problems otherwise)
arguments <- commandArgs(trailingOnly = TRUE)
if (length(arguments) != 1) {
    cat("usage: Rscript scripts/check-analysis-export.R FOLDER\n", file = stderr())
    quit(status = 64)
}
regimen_export_dir <- arguments[[1]]
problems <- character(0)
problem <- function(...) problems <<- c(problems, paste0(...))
variables <- read.csv(file.path(regimen_export_dir, "variables.csv"), colClasses = "character",
    encoding = "UTF-8", na.strings = character(0))
for (stem in c("analysis-long", "analysis-wide")) {
    frame_name <- gsub("-", "_", stem)
    source(file.path(regimen_export_dir, paste0(stem, ".R")))
    data <- get(frame_name)
    original <- read.csv(file.path(regimen_export_dir, sub("analysis", "outcomes", paste0(stem, ".csv"))),
        colClasses = "character", encoding = "UTF-8", na.strings = character(0),
        check.names = FALSE)
    declared <- variables[variables$file == paste0(stem, ".csv"), ]
    if (!identical(names(data), declared$variable)) problem(stem, ": columns differ from variables.csv")
    if (nrow(data) != nrow(original)) problem(stem, ": ", nrow(data), " rows, the CSV export has ", nrow(original))
    for (i in seq_len(nrow(declared))) {
        name <- declared$variable[[i]]
        column <- data[[name]]
        # read.csv reads a quoted \r\n as \n; the script keeps the label's own line breaks.
        if (!identical(gsub("\r\n", "\n", attr(column, "label"), fixed = TRUE), declared$label[[i]])) {
            problem(stem, ": ", name, "'s label differs")
        }
        labelled <- declared$value_labels[[i]] != ""
        type <- declared$storage[[i]]
        ok <- switch(type,
            number = if (labelled) is.factor(column) else is.numeric(column),
            text = is.character(column),
            datetime = inherits(column, "POSIXct") && identical(attr(column, "tzone"), "UTC"))
        if (!isTRUE(ok)) problem(stem, ": ", name, " is ", paste(class(column), collapse = "/"), ", not ", type)
        if (labelled) {
            pairs <- strsplit(declared$value_labels[[i]], " | ", fixed = TRUE)[[1]]
            texts <- sub("^[^,]*, ", "", pairs)
            kept <- levels(column)[seq_along(texts)]
            if (!identical(unique(texts), unique(kept))) problem(stem, ": ", name, "'s levels are not its value labels")
        }
        source_column <- declared$column[[i]]
        if (source_column %in% names(original)) {
            empty <- original[[source_column]] == ""
            if (!identical(is.na(column), empty)) problem(stem, ": ", name, " is NA where the CSV is not empty, or not")
            # A wall time (a *_local column, or any time of a de-identified export, written without offset) reads as
            # the CSV export's own text.
            walls <- !empty & (endsWith(source_column, "_local") | nchar(original[[source_column]]) == 19)
            if (type == "datetime" && any(walls)) {
                got <- format(column[walls], "%Y-%m-%dT%H:%M:%S", tz = "UTC")
                if (!identical(got, substr(original[[source_column]][walls], 1, 19))) {
                    problem(stem, ": ", name, "'s times differ from the CSV export's")
                }
            }
        }
    }
}
if (length(problems) > 0) {
    cat(head(problems, 40), sep = "\n", file = stderr())
    quit(status = 1)
}
