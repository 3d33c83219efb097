import ArgumentParser

/// How listings are printed.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table
    case json
    case csv
}
