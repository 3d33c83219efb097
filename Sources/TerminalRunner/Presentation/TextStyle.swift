/// How prompting text is decorated: ANSI colors on a terminal, plain text otherwise.
///
/// Colors are written here rather than through Rainbow's global `enabled`/`outputTarget` switches, so the choice
/// is an injected flag (terminal, NO_COLOR and TERM: `TerminalEnvironment.refusesColor`) and never shared mutable
/// state.
package struct TextStyle: Sendable, Hashable {
    /// Whether ANSI escape sequences are written.
    package var color: Bool

    /// Creates a style.
    package init(color: Bool) {
        self.color = color
    }

    /// Plain text.
    package static let plain = TextStyle(color: false)

    /// Titles.
    package func title(_ text: String) -> String { wrap(text, "1") }
    /// Error messages.
    package func error(_ text: String) -> String { wrap(text, "31") }
    /// Notes such as "Using the default".
    package func note(_ text: String) -> String { wrap(text, "32") }
    /// Hints about what may be typed.
    package func hint(_ text: String) -> String { wrap(text, "36") }
    /// Secondary text.
    package func dim(_ text: String) -> String { wrap(text, "2") }

    private func wrap(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

extension TextStyle {
    /// Done, in green.
    package func success(_ text: String) -> String { color ? "\u{1B}[32m\(text)\u{1B}[0m" : text }
    /// Due, in yellow.
    package func warning(_ text: String) -> String { color ? "\u{1B}[33m\(text)\u{1B}[0m" : text }
}
