import Foundation
import Synchronization

/// `--debug` anywhere on the command line (before a `--`), or `REGIMEN_DEBUG=1`: error messages then also show the
/// underlying library text (SQLite, GRDB, the system), which participants otherwise never see.
enum DebugSwitch {
    private static let flag = Mutex(false)

    /// Removes `--debug` from `arguments` (up to a `--`), remembering that it was given.
    static func consume(_ arguments: [String]) -> [String] {
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        guard arguments[..<end].contains("--debug") else { return arguments }
        flag.withLock { $0 = true }
        return arguments[..<end].filter { $0 != "--debug" } + arguments[end...]
    }

    /// Whether debug output is on.
    static var isOn: Bool {
        flag.withLock { $0 } || ProcessInfo.processInfo.environment["REGIMEN_DEBUG"] == "1"
    }
}
