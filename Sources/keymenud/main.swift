print("keymenud")
