import Foundation
import RegimenFoundation
import ResearchTasks
import Testing

@testable import Catalog

/// The generated range-of-motion texts follow the survey's language (docs/languages.md, "Translated texts"); the
/// steps, their identifiers and kinds do not.
@Suite("Predefined range-of-motion tasks in Japanese and Simplified Chinese")
struct RangeOfMotionLanguageTests {
    static let tags = ["ja", "ja-JP", "zh-Hans", "zh-Hans-CN"]

    func texts(_ steps: [Step]) -> [String] {
        steps.flatMap { step -> [String] in
            var texts = [step.title, step.text, step.detailText].compactMap { $0 }
            if case .instruction(let content) = step.content { texts += content.bulletPoints }
            return texts
        }
    }

    @Test("Every generated text is in the language asked for, with the same steps as in English", arguments: tags)
    func translated(tag: String) throws {
        let language = try #require(LanguageTag(tag))
        for kind in PredefinedTask.Kind.allCases {
            for limb in RangeOfMotionContent.Limb.allCases {
                let english = PredefinedTask(kind: kind, limb: limb).steps
                let shown = PredefinedTask(kind: kind, limb: limb, language: language).steps
                #expect(shown.map(\.identifier) == english.map(\.identifier))
                let sideWord = limb == .left ? "左" : "右"
                for text in texts(shown) {
                    #expect(!text.contains(where: { $0.isASCII && $0.isLetter }), "\(tag) \(kind) \(limb): \(text)")
                }
                #expect(texts(shown).filter { $0.contains(sideWord) }.count >= 2, "\(tag) \(kind) \(limb)")
            }
        }
    }

    @Test("A language with no translation, and none, give ResearchKit's English")
    func english() throws {
        let french = try #require(LanguageTag("fr"))
        let steps = PredefinedTask(kind: .kneeRangeOfMotion, limb: .left, language: french).steps
        #expect(steps[0].title == "Range of Motion")
        #expect(texts(steps) == texts(PredefinedTask(kind: .kneeRangeOfMotion, limb: .left).steps))
    }
}
