extension ChoiceList {
    /// Values that name choices of the list (docs/answer-validation.md): each is a choice's value, or an "other"
    /// choice's free text (a string, when the list has an "other" choice); one value for a single choice; no choice
    /// twice; an exclusive choice alone. An empty list is an unanswered question, not a problem.
    func problem(with values: [ChoiceValue], singleChoice: Bool) -> AnswerProblem? {
        if singleChoice, values.count > 1 { return .moreThanOneChoice }
        let otherIndex = choices.firstIndex { $0.other != nil }
        var picked: [Int] = []
        for value in values {
            if let index = choices.firstIndex(where: { $0.value.matches(value) }) {
                picked.append(index)
            } else if case .string = value, let otherIndex {
                picked.append(otherIndex)
            } else {
                return .notAChoice
            }
        }
        if Set(picked).count != picked.count { return .repeatedChoice }
        if picked.count > 1, let exclusive = picked.sorted().first(where: { choices[$0].exclusive }) {
            return .notCombinable(choice: choices[exclusive].text)
        }
        return nil
    }
}
