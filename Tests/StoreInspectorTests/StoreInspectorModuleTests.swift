import Testing

@Test func StoreInspectorTestTargetBuilds() {
    #expect(Bool(true))
}
