// @grandstand/clips: viewer clips (spec §1, §3 Clip, §4 clip lifecycle, §5 clip rules, §7 Clips calls).
export {};
