import Testing

@testable import Accelerometer

@Suite struct MountMatrixTests {
    @Test func parsesTheKernelsTextWithAnySpacing() throws {
        let matrix = try MountMatrix(parsing: "0,1,0;1,0,0;  0, 0,-1 \n")
        #expect(matrix.rows == [[0, 1, 0], [1, 0, 0], [0, 0, -1]])
        #expect(matrix.description == "0, 1, 0; 1, 0, 0; 0, 0, -1")
    }

    @Test func readsDecimalsWithADotWhateverTheLocale() throws {
        // A kernel always writes '.'; a comma-decimal locale must not change how it is read.
        let matrix = try MountMatrix(parsing: "0.7071, -0.7071, 0; 0.7071, 0.7071, 0; 0, 0, 1")
        #expect(matrix.rows.first?.first == 0.7071)
    }

    @Test func emptyMeansIdentity() throws {
        #expect(try MountMatrix(parsing: "") == .identity)
        #expect(try MountMatrix(parsing: " \n").isIdentity)
    }

    @Test func anAllZeroRowIsInvalid() {
        #expect(throws: MountMatrixError.zeroRow(3)) { try MountMatrix(parsing: "1, 0, 0; 0, 1, 0; 0, 0, 0") }
        #expect(MountMatrixError.zeroRow(3).description.contains("row 3 is all zeros"))
    }

    @Test func theWrongShapeIsInvalid() {
        #expect(throws: MountMatrixError.self) { try MountMatrix(parsing: "1, 0; 0, 1") }
        #expect(throws: MountMatrixError.self) { try MountMatrix(parsing: "1, 0, 0; 0, 1, 0") }
        #expect(throws: MountMatrixError.self) { try MountMatrix(parsing: "1, 0, x; 0, 1, 0; 0, 0, 1") }
    }
}
