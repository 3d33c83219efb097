import Catalog
package import Foundation
import RegimenFoundation
package import ResearchTasks
import TerminalRunner

#if canImport(Glibc)
    import Glibc
#endif

/// What commands read from the process — environment variables, working directory, terminals, clock and time
/// zone — gathered once so tests and embedding executables can pin them.
package struct RegimenEnvironment: Sendable {
    /// Environment variables: those in `variableNames` for the live environment.
    package var variables: [String: String]
    /// The working directory.
    package var currentDirectory: URL
    /// The source of "now".
    package var clock: any WallClock
    /// The participant's time zone.
    package var timeZone: TimeZone
    /// Whether standard input is a terminal.
    package var stdinIsTerminal: Bool
    /// Whether standard output is a terminal.
    package var stdoutIsTerminal: Bool
    /// Whether standard error is a terminal.
    package var stderrIsTerminal: Bool

    /// Creates an environment.
    package init(
        variables: [String: String], currentDirectory: URL, clock: any WallClock, timeZone: TimeZone,
        stdinIsTerminal: Bool, stdoutIsTerminal: Bool, stderrIsTerminal: Bool
    ) {
        self.variables = variables
        self.currentDirectory = currentDirectory
        self.clock = clock
        self.timeZone = timeZone
        self.stdinIsTerminal = stdinIsTerminal
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
    }

    /// The process's real environment. `REGIMEN_NOW` (ISO 8601) pins the clock, for demos and end-to-end tests.
    package static func live(reading extraVariables: [String] = []) throws(RegimenError) -> RegimenEnvironment {
        // Only the variables commands read: building `ProcessInfo.environment`'s dictionary of the whole environment
        // was a tenth of the care feed's start.
        var variables: [String: String] = [:]
        for name in variableNames + extraVariables {
            if let value = getenv(name) { variables[name] = String(cString: value) }
        }
        var clock: any WallClock = SystemClock()
        if let pinned = variables["REGIMEN_NOW"] {
            guard let instant = ISODateTime.read(pinned, rules: .instant)?.date else {
                throw .usage("REGIMEN_NOW must be an ISO 8601 instant such as 2026-11-21T08:04:00Z, not '\(pinned)'")
            }
            clock = FixedClock(instant)
        }
        return RegimenEnvironment(
            variables: variables,
            currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
            clock: clock,
            timeZone: TimeZone.current,
            stdinIsTerminal: isatty(STDIN_FILENO) == 1,
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
            stderrIsTerminal: isatty(STDERR_FILENO) == 1
        )
    }

    /// The environment variables commands read, the only ones `live()` gathers.
    static let variableNames =
        [
            "REGIMEN_NOW", "REGIMEN_HOME", "HOME", "NO_COLOR", "TERM", "COLUMNS", SurveyLocation.environmentVariable,
        ] + languageVariables

    /// `$REGIMEN_HOME`, else `~/.local/share/regimen`.
    package var home: URL {
        if let home = variables["REGIMEN_HOME"], !home.isEmpty { return URL(fileURLWithPath: home, isDirectory: true) }
        let user =
            variables["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return user.appendingPathComponent(".local/share/regimen", isDirectory: true)
    }

    /// A Gregorian calendar in the participant's time zone.
    package var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }

    /// Whether color may be used on a stream: only on a terminal, and not when the environment refuses it
    /// (`TerminalEnvironment.refusesColor`: a non-empty NO_COLOR, or TERM=dumb).
    package func colorAllowed(onTerminal isTerminal: Bool) -> Bool {
        isTerminal && !TerminalEnvironment.refusesColor(variables)
    }

    /// Resolves a path typed on the command line against the working directory.
    package func url(forPath path: String, isDirectory: Bool = false) -> URL {
        let expanded = path.hasPrefix("~") ? (path as NSString).expandingTildeInPath : path
        let url =
            expanded.hasPrefix("/")
            ? URL(fileURLWithPath: expanded, isDirectory: isDirectory)
            : currentDirectory.appendingPathComponent(expanded, isDirectory: isDirectory)
        // `standardizedFileURL` only removes "." and ".." components; it is skipped when there are none (it cost the
        // care feed half a millisecond of start-up).
        let components = url.path.split(separator: "/", omittingEmptySubsequences: false)
        return components.contains { $0 == "." || $0 == ".." } ? url.standardizedFileURL : url
    }
}
