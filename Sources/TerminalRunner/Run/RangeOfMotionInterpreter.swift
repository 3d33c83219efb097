package import Foundation
package import ResearchTasks

/// Turns a line typed at a range-of-motion prompt into a measurement (the CLI provides it).
package struct RangeOfMotionInterpreter: Sendable {
    /// What may be typed, shown with the prompt and in help (e.g. "the path of a device-motion file, or degrees").
    package var inputDescription: String
    /// Interprets one line; a failure's message is shown and the same prompt is asked again.
    package var interpret: @Sendable (RangeOfMotionRequest) -> Result<SessionInput, AnswerInputError>

    /// Creates an interpreter.
    package init(
        inputDescription: String,
        interpret: @escaping @Sendable (RangeOfMotionRequest) -> Result<SessionInput, AnswerInputError>
    ) {
        self.inputDescription = inputDescription
        self.interpret = interpret
    }
}

/// One line typed at a range-of-motion prompt, with what is needed to build the result.
package struct RangeOfMotionRequest: Sendable, Hashable {
    /// The trimmed line (may be empty).
    package var line: String
    /// The measuring step.
    package var step: Step
    /// Joint and limb.
    package var content: RangeOfMotionContent
    /// When the prompt was first shown (the measurement's start).
    package var shownAt: Date
    /// When the line was typed (the measurement's end).
    package var answeredAt: Date

    /// Creates a request.
    package init(line: String, step: Step, content: RangeOfMotionContent, shownAt: Date, answeredAt: Date) {
        self.line = line
        self.step = step
        self.content = content
        self.shownAt = shownAt
        self.answeredAt = answeredAt
    }
}
