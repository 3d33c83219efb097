import RegimenCommands
import StudyDatabase

/// A published condition as REDCap's branching logic (docs/redcap.md, "Branching logic"): `[pain] >= 4`,
/// `[feeling] = 'great'`, `[walked] = '0'`, a checkbox's choice as `[symptoms(cough)] = '1'`, an unanswered question
/// as `[x] = ''` (a checkbox's: every code `'0'`), joined by `and` and `or` with parentheses.
struct REDCapBranchingLogic {
    /// Why a condition cannot be written.
    struct Inexpressible: Error {
        let reason: String
    }

    let project: REDCapProject
    /// The task whose variables the condition names.
    let task: String

    /// The logic of `condition`.
    func text(_ condition: PublishedCondition) throws(Inexpressible) -> String {
        switch condition {
        case .inexpressible(let reason): throw Inexpressible(reason: reason)
        case .compare(let kind, let comparison, let operand): return try compare(kind, comparison, operand)
        case .all(let parts): return try joined(parts, by: "and", empty: "1 = 1")
        case .any(let parts): return try joined(parts, by: "or", empty: "1 = 0")
        }
    }

    private func joined(_ parts: [PublishedCondition], by word: String, empty: String) throws(Inexpressible)
        -> String
    {
        guard parts.count != 1 else { return try text(parts[0]) }
        guard !parts.isEmpty else { return empty }
        var texts: [String] = []
        for part in parts {
            let text = try text(part)
            if case .compare = part { texts.append(text) } else { texts.append("(\(text))") }
        }
        return texts.joined(separator: " \(word) ")
    }

    private func compare(_ kind: String, _ comparison: PublishedComparison, _ operand: PublishedOperand)
        throws(Inexpressible) -> String
    {
        guard let variable = project.variable(task: task, kind: kind) else {
            let reason =
                project.leftOut.isEmpty
                ? "a condition on \(kind), which is not in the dictionary"
                : "a condition on \(kind), which is not in the dictionary or is free text left out"
            throw Inexpressible(reason: reason)
        }
        let name = variable.field.name
        let isCheckbox = variable.field.type == .checkbox
        switch operand {
        case .empty:
            guard isCheckbox else { return "[\(name)] \(comparison.rawValue) ''" }
            let unanswered = comparison == .equal
            let codes = variable.orderedCodes.map { "[\(name)(\($0))] = '\(unanswered ? 0 : 1)'" }
            return codes.count == 1 ? codes[0] : "(" + codes.joined(separator: unanswered ? " and " : " or ") + ")"
        case .number(let number):
            return "[\(name)] \(comparison.rawValue) \(TableWriter.numberText(number))"
        case .boolean(let flag):
            guard variable.field.type == .yesno else {
                throw Inexpressible(reason: "a boolean condition on \(kind), which is no yes/no question")
            }
            return "[\(name)] \(comparison.rawValue) '\(flag ? 1 : 0)'"
        case .choice(let value):
            guard let code = variable.codes[value] else {
                throw Inexpressible(reason: "a choice \(kind) does not offer")
            }
            guard isCheckbox else { return "[\(name)] \(comparison.rawValue) '\(code)'" }
            guard comparison == .equal || comparison == .notEqual else {
                throw Inexpressible(reason: "an order of choices")
            }
            return "[\(name)(\(code))] = '\(comparison == .equal ? 1 : 0)'"
        case .text(let text):
            return "[\(name)] \(comparison.rawValue) \(try Self.quoted(text))"
        }
    }

    /// A string literal: in single quotes, or double when it holds a single quote.
    static func quoted(_ text: String) throws(Inexpressible) -> String {
        if !text.contains("'") { return "'\(text)'" }
        if !text.contains("\"") { return "\"\(text)\"" }
        throw Inexpressible(reason: "a text holding both kinds of quotation mark")
    }
}
