import Testing
@testable import CareStore
