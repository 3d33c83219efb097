/// ResearchKit's `ORKQuestionType`, serialized as its integer raw value (docs/answer-formats.md, "Question types").
public enum QuestionType: Int, Sendable, Hashable, CaseIterable {
    case none = 0
    case scale = 1
    case singleChoice = 2
    case multipleChoice = 3
    case multiplePicker = 4
    case decimal = 5
    case integer = 6
    case boolean = 7
    case text = 8
    case timeOfDay = 9
    case dateAndTime = 10
    case date = 11
    case timeInterval = 12
    case height = 13
    case weight = 14
    case location = 15
    case socioEconomicLadder = 16
    case age = 17
    case year = 18
}
