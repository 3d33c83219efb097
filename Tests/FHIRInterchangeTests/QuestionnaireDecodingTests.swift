import Testing
@testable import FHIRInterchange

@Suite("Questionnaire decoding")
struct QuestionnaireDecodingTests {
}
