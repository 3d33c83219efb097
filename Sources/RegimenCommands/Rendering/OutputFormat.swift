import ArgumentParser

/// How listings are printed.
package enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table
    case json
    case csv
}
