/// `--debug` anywhere on the command line (before a `--`), or `REGIMEN_DEBUG=1`: error messages then also show the
/// underlying library text (SQLite, GRDB, the system), which participants otherwise never see. Read once, when the
/// program parses its arguments, into the run's app (`RegimenApp.showsDebugDetail`).
enum DebugSwitch {
    /// `arguments` without `--debug` (up to a `--`), and whether debug output is on: `--debug` was among them, or
    /// `environment` sets `REGIMEN_DEBUG=1`.
    static func read(_ arguments: [String], environment: [String: String]) -> (arguments: [String], isOn: Bool) {
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        let given = arguments[..<end].contains("--debug")
        let remaining = given ? arguments[..<end].filter { $0 != "--debug" } + arguments[end...] : arguments
        return (remaining, given || environment["REGIMEN_DEBUG"] == "1")
    }
}
