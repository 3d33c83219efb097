import CareModel
import ParticipantWords

/// The day's adherence as a ring glyph and a percentage: "◑ 50%".
enum AdherenceRing {
    static func text(_ adherence: Adherence, words: Words = .english) -> String {
        switch adherence {
        case .noTasks: words(.noTasks)
        case .noEvents: words(.noEvents)
        case .progress(let fraction): "\(glyph(fraction)) \(Int((fraction * 100).rounded()))%"
        }
    }

    static func glyph(_ fraction: Double) -> String {
        switch fraction {
        case ..<0.125: "○"
        case ..<0.375: "◔"
        case ..<0.625: "◑"
        case ..<1: "◕"
        default: "●"
        }
    }
}
