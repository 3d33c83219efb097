import Testing
@testable import ResearchTasks
