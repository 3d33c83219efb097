import Testing
@testable import RangeOfMotion
