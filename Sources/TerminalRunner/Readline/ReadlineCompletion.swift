@preconcurrency import CReadline
import Foundation
import Synchronization

/// What Tab completes at the current prompt; read by readline's C callbacks, so it is a Sendable global.
let currentCompletion = Mutex<CompletionSet>(.words([]))

/// Installs the completion callbacks once per readline session.
enum ReadlineCompletion {
    /// Sets readline's completion hook: words of the current prompt, or file names at a range-of-motion prompt.
    static func install() {
        rl_attempted_completion_function = { text, _, _ in
            let isFileNames = currentCompletion.withLock { $0 == .fileNames }
            if isFileNames {
                rl_attempted_completion_over = 0  // fall back to readline's file-name completion
                return nil
            }
            rl_attempted_completion_over = 1
            return rl_completion_matches(text, completionGenerator)
        }
    }

    /// Makes `completion` the current set and adjusts word breaks and case sensitivity to it.
    static func use(_ completion: CompletionSet) {
        currentCompletion.withLock { $0 = completion }
        switch completion {
        case .words:
            regimen_rl_use_answer_word_breaks()
            rl_variable_bind("completion-ignore-case", "on")
        case .fileNames:
            regimen_rl_use_default_word_breaks()
            rl_variable_bind("completion-ignore-case", "off")
        }
    }

    /// The words of `completion` matching `typed` (case-insensitive prefix), keeping the typed leading spaces.
    static func matches(of typed: String, in completion: CompletionSet) -> [String] {
        guard case .words(let words) = completion else { return [] }
        let leading = String(typed.prefix { $0 == " " })
        let stem = typed.dropFirst(leading.count).lowercased()
        return words.filter { $0.lowercased().hasPrefix(stem) }.map { leading + $0 }
    }
}

/// readline's generator: called with state 0, 1, 2… until it returns nil; returns malloc'ed copies.
private func completionGenerator(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? {
    guard let text else { return nil }
    let typed = String(cString: text)
    let found = currentCompletion.withLock { ReadlineCompletion.matches(of: typed, in: $0) }
    let index = Int(state)
    return index < found.count ? strdup(found[index]) : nil
}
