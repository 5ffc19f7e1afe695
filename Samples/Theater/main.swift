print("theater: sample arrives with the ObjectGraph core")
