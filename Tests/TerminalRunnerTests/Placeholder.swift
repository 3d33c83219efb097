import Testing
@testable import TerminalRunner
