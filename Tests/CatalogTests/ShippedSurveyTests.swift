import Foundation
import ResearchTasks
import Testing

@testable import Catalog

@Suite("Shipped surveys")
struct ShippedSurveyTests {
    @Test("every shipped survey loads with zero problems")
    func shippedSurveysLoad() throws {
        let problems = TestSupport.problems(TestSupport.surveysDirectory)
        #expect(problems.map(\.description) == [])
        let catalog = try Catalog.load(directory: TestSupport.surveysDirectory, calendar: TestSupport.utc)
        #expect(catalog.taskIdentifiers == ["checkin", "onboarding", "rangeOfMotionCheck", "shoulderRangeOfMotion", "tour"])
    }
}
