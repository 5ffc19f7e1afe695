import Testing

@Test func ObjectGraphTestTargetBuilds() {
    #expect(Bool(true))
}
