import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension RegimenEnvironment {
    /// Columns charts may use (docs/insights.md, "Width and bucketing"): COLUMNS when it is a positive number, else the
    /// width of the terminal standard output is, else `TerminalChartLayout.defaultWidth`.
    var terminalWidth: Int {
        if let text = variables["COLUMNS"], let columns = Int(text.trimmingCharacters(in: .whitespaces)), columns > 0 {
            return columns
        }
        guard stdoutIsTerminal else { return TerminalChartLayout.defaultWidth }
        var size = winsize()
        guard withUnsafeMutablePointer(to: &size, { ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), $0) }) == 0, size.ws_col > 0
        else { return TerminalChartLayout.defaultWidth }
        return Int(size.ws_col)
    }
}
