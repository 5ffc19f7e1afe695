import Testing

@Test func SQLiteTestTargetBuilds() {
    #expect(Bool(true))
}
