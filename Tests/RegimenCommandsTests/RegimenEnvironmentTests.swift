import Foundation
import Testing

@testable import RegimenCommands

/// The live environment gathers only the variables commands read (`RegimenEnvironment.variableNames`).
@Suite("Live environment: the variables commands read")
struct RegimenEnvironmentTests {
    @Test("live() holds exactly the variables commands read that are set, with their values")
    func variables() throws {
        let live = try RegimenEnvironment.live()
        let all = ProcessInfo.processInfo.environment
        #expect(live.variables == all.filter { RegimenEnvironment.variableNames.contains($0.key) })
    }
}
