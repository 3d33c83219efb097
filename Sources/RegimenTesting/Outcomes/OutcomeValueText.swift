import CareModel
import Foundation
import ResearchTasks

/// How values appear in failure messages: `4.0`, `4`, `true`, `"walk"`, `2025-11-21T08:00:00Z`.
enum OutcomeValueText {
    /// One value, without its type.
    static func text(_ value: OutcomeValue.Value) -> String {
        switch value {
        case .integer(let number): String(number)
        case .double(let number): String(number)
        case .boolean(let flag): String(flag)
        case .text(let text): "\"\(text)\""
        case .binary(let data): Plural.count(data.count, "byte")
        case .date(let date): date.formatted(.iso8601)
        }
    }

    /// One value with its CareKit type, e.g. `4.0 (double)`.
    static func typed(_ value: OutcomeValue.Value) -> String {
        "\(text(value)) (\(value.typeName))"
    }

    /// A list of values, e.g. `4.0, 5.0`, or `none`.
    static func list(_ values: [OutcomeValue.Value]) -> String {
        values.isEmpty ? "none" : values.map(typed).joined(separator: ", ")
    }

    /// A list of names, e.g. `a, b`, or `none`.
    static func names(_ names: [String]) -> String {
        names.isEmpty ? "none" : names.joined(separator: ", ")
    }

    /// Units as written in messages: `'h'` or `no units`.
    static func units(_ units: String?) -> String {
        units.map { "units '\($0)'" } ?? "no units"
    }
}
