EXPECT = {"check": "values", "mistake": "whole batch"}


def grpo_advantages(rewards, group_size, eps=1e-4):
    mean = rewards.mean()
    std = rewards.std()
    return (rewards - mean) / (std + eps)
