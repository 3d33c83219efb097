/// When a published variable's question is asked, written in the task's own variables (docs/redcap.md, "Branching
/// logic"): what a survey's skip and navigation rules and `enabledWhen` conditions say, as far as the variables can
/// say it. Kept in `study_revision.surveys` with the variable, so the dictionary is made from the database alone.
package indirect enum PublishedCondition: Codable, Sendable, Hashable {
    /// The variable `kind` of the same task compares to `operand`.
    case compare(kind: String, PublishedComparison, PublishedOperand)
    /// Every condition holds.
    case all([PublishedCondition])
    /// Some condition holds.
    case any([PublishedCondition])
    /// The survey's condition cannot be written in the variables; why, in words (no answer text).
    case inexpressible(reason: String)

    /// The first reason a part of the condition is inexpressible, if one is.
    package var inexpressibleReason: String? {
        switch self {
        case .compare: nil
        case .inexpressible(let reason): reason
        case .all(let parts), .any(let parts): parts.lazy.compactMap(\.inexpressibleReason).first
        }
    }
}

/// A comparison of a variable with an operand.
package enum PublishedComparison: String, Codable, Sendable, Hashable {
    case equal = "="
    case notEqual = "<>"
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="

    /// The comparison that holds exactly when this one does not (for answered values).
    package var negated: PublishedComparison {
        switch self {
        case .equal: .notEqual
        case .notEqual: .equal
        case .less: .greaterOrEqual
        case .lessOrEqual: .greater
        case .greater: .lessOrEqual
        case .greaterOrEqual: .less
        }
    }
}

/// What a variable is compared with.
package enum PublishedOperand: Codable, Sendable, Hashable {
    /// No answer.
    case empty
    /// A number.
    case number(Double)
    /// A boolean answer.
    case boolean(Bool)
    /// One of the variable's choices, by its stored value (chosen, for a multiple choice).
    case choice(String)
    /// A text answer.
    case text(String)
}
