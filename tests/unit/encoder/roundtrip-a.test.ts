import { ROUND_TRIP_CASES, roundTripSuite } from './roundtrip.ts';

roundTripSuite(0, ROUND_TRIP_CASES / 2);
