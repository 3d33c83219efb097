import Foundation

/// The seeder's command line: `STORE_FILE --now ISO8601_INSTANT TASK_ID…`.
struct SeederOptions {
    /// The store file, already created (and its participant enrolled) by `regimen today --store`.
    var storePath: String
    /// Events starting before this instant receive an outcome.
    var now: Date
    /// The tasks whose events are answered.
    var taskIDs: [String]

    /// Parses `arguments` (without the program name).
    init(arguments: [String]) throws(SeederError) {
        var positional: [String] = []
        var now: Date?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--now" {
                guard let text = remaining.popFirst() else { throw .usage(reason: "--now needs an ISO 8601 instant") }
                guard let instant = ISO8601DateFormatter().date(from: text) else {
                    throw .usage(
                        reason: "--now must be an ISO 8601 instant such as 2026-11-21T08:04:00Z, not '\(text)'")
                }
                now = instant
            } else {
                positional.append(argument)
            }
        }
        guard let now else { throw .usage(reason: "--now is required") }
        guard positional.count >= 2 else { throw .usage(reason: "a store file and at least one task id are required") }
        storePath = positional[0]
        self.now = now
        taskIDs = Array(positional.dropFirst())
    }
}
