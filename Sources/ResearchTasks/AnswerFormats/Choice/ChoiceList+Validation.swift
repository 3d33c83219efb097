import Foundation

extension ChoiceList {
    /// Problems with the choices themselves, paths "choices[i]…".
    ///
    /// - `singleChoice`: exclusive is meaningless when only one choice can be picked anyway (our rule).
    /// - `allowsOther`: only text choice formats have ResearchKit's `ORKTextChoiceOther`.
    func problems(singleChoice: Bool, allowsOther: Bool) -> [FormatProblem] {
        var problems: [FormatProblem] = []
        for (index, choice) in choices.enumerated() {
            let path = "choices[\(index)]"
            // Our rule: an empty label cannot be shown or typed.
            if choice.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                problems.append(FormatProblem(path: "\(path).text", reason: "choice text must not be empty"))
            }
            // Our rule: two choices with one value could not be told apart in the result.
            if let first = choices[..<index].firstIndex(where: { $0.value.matches(choice.value) }) {
                problems.append(
                    FormatProblem(
                        path: "\(path).value", reason: "value is the same as the value of choices[\(first)]"))
            }
            if singleChoice, choice.exclusive {
                problems.append(
                    FormatProblem(
                        path: "\(path).exclusive", reason: "exclusive has no meaning when only one choice can be picked"
                    ))
            }
            if choice.other != nil {
                if !allowsOther {
                    problems.append(
                        FormatProblem(
                            path: "\(path).other", reason: "an \"other\" choice is only allowed in a text choice format"
                        ))
                } else if case .string(let value) = choice.value, value != choice.other?.defaultText ?? choice.text {
                    // ResearchKit's `ORKTextChoiceOther` factory sets value = text (docs/answer-formats.md, "Choices");
                    // a translated text's value is its default language's (docs/languages.md, "What is stored").
                    problems.append(
                        FormatProblem(
                            path: "\(path).value", reason: "an \"other\" choice's value must equal its text"))
                }
            }
        }
        return problems
    }
}
