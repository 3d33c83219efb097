import Testing
@testable import OutcomeMapping
