package import ResearchTasks

/// One choice question an outcome `sum:` adds up: where its answer is read, and the score of each choice.
package struct ScoredQuestion: Sendable, Hashable {
    /// Where the answer is read.
    package var path: ResultPath
    /// Each choice's value and score, in the survey's order.
    package var choices: [ScoredChoice]

    /// Creates a scored question.
    package init(path: ResultPath, choices: [ScoredChoice]) {
        self.path = path
        self.choices = choices
    }

    /// The total score of the choices chosen at the path (each chosen option of a multiple choice counts), or nil
    /// when it is not answered with scored choices: never visited, left empty, skipped, nothing chosen, or a
    /// chosen value without a score (an "other" text). A non-choice answer is an error naming the path.
    func score(in result: TaskResult) throws(ExtractionError) -> Double? {
        let child: ChildResult
        do throws(ExtractionError) {
            child = try ResultReader(result: result, path: path).child()
        } catch {
            if case .missing = error { return nil }
            throw error
        }
        guard case .question(let question) = child else {
            throw .wrongType(
                path: path.description, expected: "a choice answer", found: "a result that is not a question")
        }
        guard let answer = question.answer else { return nil }
        guard case .choices(let chosen) = answer else {
            throw .wrongType(path: path.description, expected: "a choice answer", found: "another answer type")
        }
        guard !chosen.isEmpty else { return nil }
        var total = 0.0
        for value in chosen {
            guard let choice = choices.first(where: { $0.value.matches(value) }) else { return nil }
            total += choice.score
        }
        return total
    }
}

/// A choice value and its score (FHIR `ordinalValue`).
package struct ScoredChoice: Sendable, Hashable {
    /// The value stored when the choice is chosen.
    package var value: ChoiceValue
    /// Its score.
    package var score: Double

    /// Creates a scored choice.
    package init(value: ChoiceValue, score: Double) {
        self.value = value
        self.score = score
    }
}
